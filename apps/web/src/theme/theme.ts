/** The user's theme choice, stored under the plain key `theme`; dark is the default, as on exchanges. */
export const THEME_KEY = 'theme';
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type Theme = 'light' | 'dark';

const DEFAULT_PREFERENCE: ThemePreference = 'dark';
const THEME_COLORS: Record<Theme, string> = { dark: '#0b0e11', light: '#ffffff' };
const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function isPreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export function getThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return isPreference(stored) ? stored : DEFAULT_PREFERENCE;
  } catch {
    return DEFAULT_PREFERENCE;
  }
}

export function resolveTheme(preference: ThemePreference): Theme {
  if (preference !== 'system') return preference;
  return systemDark()?.matches === false ? 'light' : 'dark';
}

export function applyTheme(preference: ThemePreference = getThemePreference()): void {
  const theme = resolveTheme(preference);
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

export function saveThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(THEME_KEY, preference);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts until reload.
  }
  applyTheme(preference);
}

/** Applies the stored theme now and follows the system setting while the preference is 'system'. */
export function startTheme(): void {
  applyTheme();
  systemDark()?.addEventListener('change', () => {
    if (getThemePreference() === 'system') applyTheme('system');
  });
}
