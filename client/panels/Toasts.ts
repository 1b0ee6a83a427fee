// Short messages at the top of the screen: server errors ({code, message}) and notices.
import { h } from "./dom.ts";

/** Toasts shown at once at most. */
const MAX_TOASTS = 4;

export class Toasts {
  private readonly root: HTMLElement;

  constructor(parent: HTMLElement) {
    this.root = h("div.toasts", { role: "status", "aria-live": "polite" });
    parent.append(this.root);
  }

  error(code: string, message: string): void {
    this.show(
      h("div.panel.toast", {}, h("span.code", {}, code.replace(/_/g, " ")), message),
      4500,
      JSON.stringify(["error", code, message]),
    );
  }

  info(message: string): void {
    this.show(h("div.panel.toast.info", {}, message), 3000, JSON.stringify(["info", message]));
  }

  /** A notice with a button (a link that shows what it tells): "Show" looks at it. */
  link(message: string, label: string, run: () => void, ms = 15_000): HTMLElement {
    const el = h(
      "div.panel.toast.info.link",
      {},
      message,
      " ",
      h(
        "button.toast-link",
        {
          type: "button",
          onclick: () => {
            run();
            el.remove();
          },
        },
        label,
      ),
    );
    this.show(el, ms);
    return el;
  }

  /**
   * Shows a toast for `ms`. The same message again replaces the one shown (a refused move
   * repeated while walking is one toast, not a column of them); past MAX_TOASTS the oldest plain
   * one goes first, so a burst of errors does not push out an announcement with its link.
   */
  private show(el: HTMLElement, ms: number, key?: string): void {
    if (key !== undefined) {
      for (const old of Array.from(this.root.children))
        if ((old as HTMLElement).dataset.key === key) old.remove();
      el.dataset.key = key;
    }
    this.root.append(el);
    while (this.root.children.length > MAX_TOASTS) {
      const plain = Array.from(this.root.children).find((c) => !c.classList.contains("link"));
      (plain ?? this.root.firstElementChild)?.remove();
    }
    setTimeout(() => el.remove(), ms);
  }
}
