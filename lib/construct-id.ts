/**
 * `customers/create-project` -> `CustomersCreateProject`: a construct id derived from a stable name
 * (a handler module, a lane, a substitution), so logical ids stay put as routes and lanes come and go.
 */
export const constructId = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
