// Shared by the root layout (a server component) and the theme toggle (a client component).

/** The localStorage key that holds the visitor's theme choice ("light" or "dark"; absent: follow the system). */
export const THEME_KEY = "theme";

/**
 * Runs before the page paints, so a chosen theme never flashes the other one. Without a choice, the
 * stylesheet follows prefers-color-scheme.
 */
export const THEME_SCRIPT = `try{var t=localStorage.getItem("${THEME_KEY}");if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;
