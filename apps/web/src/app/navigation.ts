/**
 * Lets code outside React (the request client) navigate with the app's router, which registers itself here
 * once created. Keeps the client free of any router import.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function registerNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
