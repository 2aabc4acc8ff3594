import type { JointWrite } from '#store/joint-write';

/**
 * What a customer gets without paying, in billing's words: the free website analyses of a
 * Europe/Prague month (the customer's quota) and a project's one free matching sample. Each is taken
 * and given back inside the transaction that creates or ends its job, so racing creates never take
 * more than there is; these verbs give the joint writes the job store makes.
 */
export interface FreeAllowances {
  /** Takes one of the month's free analyses; the write fails when `freePerMonth` are taken. */
  takeAnalysis(customerId: string, month: string, freePerMonth: number): JointWrite;
  /** Gives a free analysis back (the analysis failed or was cancelled); never keeps a job from ending. */
  giveAnalysisBack(customerId: string, month: string): JointWrite;
  /** Whether the project's free matching sample is taken (a consistent read). */
  sampleTaken(projectId: string): Promise<boolean>;
  /** Job `jobId` takes the project's free sample; the write fails when another job has it. */
  takeSample(projectId: string, jobId: string): JointWrite;
  /** Job `jobId`, a failed sample, gives the project's free sample back. */
  giveSampleBack(projectId: string, jobId: string): JointWrite;
}
