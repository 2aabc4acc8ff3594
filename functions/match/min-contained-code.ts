/**
 * The shortest model code that, found at the start or end of a longer one, is taken for the same
 * model: shops prefix their own letters ("ESS" + "RK15313") or append a colour ("SS26" + "GR").
 */
export const minContainedCode = 5;
