"use client";

// The dashboard's single-key shortcuts (shortcuts.ts lists them) and the sheet "?" opens. Keys act on
// what the page shows, found by markers rather than per page: a list's rows are the rows of the
// tables in <main> that hold a link (j/k move the focus to that link, Enter follows it), its New
// button carries data-shortcut="create", its search box is the first search field in <main>.
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { goToHref, nextRow, SHORTCUT_SHEET } from "./shortcuts";
import styles from "./keyboard-shortcuts.module.css";

/** How long "g" waits for its letter. */
const GO_TO_WINDOW_MS = 1500;

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target.closest("input, textarea, select, [contenteditable='true'], [role='combobox']") !== null);

const rowLinks = () =>
  Array.from(document.querySelectorAll<HTMLTableRowElement>("main table tbody tr"))
    .map((row) => row.querySelector<HTMLAnchorElement>("a[href]"))
    .filter((link): link is HTMLAnchorElement => link !== null && link.offsetParent !== null);

export const KeyboardShortcuts = () => {
  const router = useRouter();
  const sheet = useRef<HTMLDialogElement>(null);
  const pendingGo = useRef(0);
  // Where the focus was when the sheet opened: it goes back there when the sheet closes.
  const opener = useRef<HTMLElement | null>(null);
  // Marks the button once hydrated, when the keys are listened to (tests wait for it).
  const live = useHydrated();

  const openSheet = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    sheet.current?.showModal();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (typingIn(event.target) || document.querySelector("dialog[open]")) return;
      const key = event.key;
      if (pendingGo.current > Date.now()) {
        pendingGo.current = 0;
        const href = goToHref(key.toLowerCase());
        if (href) {
          event.preventDefault();
          router.push(href);
        }
        return;
      }
      if (key === "?") {
        event.preventDefault();
        openSheet();
      } else if (key === "g") {
        pendingGo.current = Date.now() + GO_TO_WINDOW_MS;
      } else if (key === "c") {
        const create = document.querySelector<HTMLElement>("main [data-shortcut='create']");
        if (create) {
          event.preventDefault();
          create.click();
        }
      } else if (key === "/") {
        const search = document.querySelector<HTMLInputElement>("main input[type='search']");
        if (search) {
          event.preventDefault();
          search.focus();
          search.select();
        }
      } else if (key === "j" || key === "k") {
        const links = rowLinks();
        const current = links.findIndex((link) => link.closest("tr")?.contains(document.activeElement));
        const target = links[nextRow(current, links.length, key)];
        if (target) {
          event.preventDefault();
          target.focus();
          target.closest("tr")?.scrollIntoView({ block: "nearest" });
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [router]);

  return (
    <>
      <button type="button" className={`secondary ${styles.trigger}`} aria-keyshortcuts="?" aria-haspopup="dialog" data-live={live ? "" : undefined} onClick={openSheet}>
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">Keyboard shortcuts</span>
      </button>
      <dialog
        ref={sheet}
        className={styles.sheet}
        aria-labelledby="shortcuts-title"
        onClose={() => {
          if (opener.current?.isConnected) opener.current.focus();
          opener.current = null;
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <div className={styles.head}>
          <h2 id="shortcuts-title">Keyboard shortcuts</h2>
          <button type="button" className="secondary" onClick={() => sheet.current?.close()}>
            Close
          </button>
        </div>
        <div className={styles.groups}>
          {SHORTCUT_SHEET.map((group) => (
            <section key={group.title} aria-labelledby={`shortcuts-${group.title}`}>
              <h3 id={`shortcuts-${group.title}`}>{group.title}</h3>
              <dl>
                {group.shortcuts.map((shortcut) => (
                  <div key={shortcut.label} className={styles.row}>
                    <dt>
                      {shortcut.keys.map((key, index) => (
                        <span key={key}>
                          {index > 0 ? <span className={styles.then}>{group.title === "Go to" ? " then " : " "}</span> : null}
                          <kbd>{key}</kbd>
                        </span>
                      ))}
                    </dt>
                    <dd>{shortcut.label}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </dialog>
    </>
  );
};
