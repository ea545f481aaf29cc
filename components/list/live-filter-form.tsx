"use client";

// A list's filter form that applies itself: a choice at once, the search box once typing pauses. It
// stays a plain GET form (it works before hydration and its filters are in the URL); once hydrated it
// goes through the router instead, so the page does not reload and focus stays in the search box.
import { useEffect, useRef, useState, type ComponentProps, type RefObject } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useHydrated } from "@/components/ui/use-hydrated";

const TYPING_PAUSE_MS = 300;
// What a form without a field for them carries forward from the URL: the order and the page size.
const KEPT = ["sort", "limit"];

/** The params a query asks for, in one order, without the paging (any change starts at page 1). */
const filterKey = (params: URLSearchParams) =>
  [...params]
    .filter(([name, value]) => name !== "cursor" && name !== "page" && value.trim() !== "")
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join("&");

const isTyped = (target: EventTarget | null) => target instanceof HTMLInputElement && (target.type === "search" || target.type === "text");

/**
 * Makes `formRef`'s form apply as it changes (any GET filter form of a list). Returns a number that
 * changes when the URL's filters changed from elsewhere: a form keyed by it starts again from the
 * page's values (React leaves an uncontrolled select as it was when its default changes).
 */
export const useLiveFilters = (formRef: RefObject<HTMLFormElement | null>) => {
  const router = useRouter();
  const search = useSearchParams().toString();
  const [generation, setGeneration] = useState(0);
  // The query last asked for (undefined: the URL's), and the ones asked for since the URL last showed
  // that one (an earlier request may arrive first).
  const asked = useRef<string | undefined>(undefined);
  const ours = useRef(new Set<string>());
  const seen = useRef(search);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      clearTimeout(timer);
      const current = new URLSearchParams(window.location.search);
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form)) if (typeof value === "string" && value.trim() !== "") params.append(name, value);
      for (const name of KEPT) if (!form.elements.namedItem(name) && current.get(name)) params.set(name, current.get(name) ?? "");
      const key = filterKey(params);
      // An unchanged value (a blur, a key that typed nothing) asks nothing.
      if (key === (asked.current ?? filterKey(current))) return;
      asked.current = key;
      ours.current.add(key);
      const query = params.toString();
      const path = new URL(form.action, window.location.href).pathname;
      router.replace(query ? `${path}?${query}` : path, { scroll: false });
    };
    const onInput = (event: Event) => {
      if (!isTyped(event.target)) return;
      clearTimeout(timer);
      timer = setTimeout(apply, TYPING_PAUSE_MS);
    };
    // A select, a checkbox, or a search box left or cleared: at once.
    const onChange = () => apply();
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      apply();
    };
    form.addEventListener("input", onInput);
    form.addEventListener("change", onChange);
    form.addEventListener("submit", onSubmit);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", onInput);
      form.removeEventListener("change", onChange);
      form.removeEventListener("submit", onSubmit);
    };
  }, [formRef, router, generation]);

  // The URL's filters changed from elsewhere (a "Clear" link, a sort header, Back): the fields show
  // its values again. Not on the first render (that would undo typing done before hydration), nor
  // for paging, nor for this form's own requests (the fields already say them).
  useEffect(() => {
    if (search === seen.current) return;
    const before = filterKey(new URLSearchParams(seen.current));
    seen.current = search;
    const key = filterKey(new URLSearchParams(search));
    if (key === before) return;
    // The latest request arrived: the ones before it can no longer be what the URL shows.
    if (key === asked.current) ours.current = new Set([key]);
    if (ours.current.has(key)) return;
    ours.current.clear();
    asked.current = undefined;
    formRef.current?.reset();
    setGeneration((value) => value + 1);
  }, [search, formRef]);

  return generation;
};

/** A list's GET filter form (same props as a form) that applies as its fields change. */
export const LiveFilterForm = ({ children, ...props }: Omit<ComponentProps<"form">, "method" | "action"> & { action: string }) => {
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const generation = useLiveFilters(ref);
  // data-live: the submit button is no longer the way to apply, so it steps back (app/globals.css).
  return (
    <form key={generation} {...props} ref={ref} method="get" data-live={hydrated ? "" : undefined}>
      {children}
    </form>
  );
};
