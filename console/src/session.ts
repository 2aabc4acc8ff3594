/**
 * The API key lives in the tab's session storage only: never in a URL, a cookie or local storage,
 * so closing the tab or signing out forgets it.
 */
const KEY = 'pds.apiKey';
const PROJECT = 'pds.projectId';

export const session = {
  key: (): string | null => sessionStorage.getItem(KEY),
  signIn(key: string): void {
    sessionStorage.setItem(KEY, key);
  },
  signOut(): void {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(PROJECT);
  },
  projectId: (): string | null => sessionStorage.getItem(PROJECT),
  chooseProject(projectId: string): void {
    sessionStorage.setItem(PROJECT, projectId);
  },
};

/** What a person pastes: surrounding spaces and line breaks are no part of a key. */
export function cleanKey(pasted: string): string {
  return pasted.replace(/\s+/g, '');
}
