// Short messages at the top of the screen: server errors ({code, message}) and notices.
import { h } from "./dom.ts";

export class Toasts {
  private readonly root: HTMLElement;

  constructor(parent: HTMLElement) {
    this.root = h("div.toasts", { role: "status", "aria-live": "polite" });
    parent.append(this.root);
  }

  error(code: string, message: string): void {
    this.show(h("div.panel.toast", {}, h("span.code", {}, code.replace(/_/g, " ")), message), 4500);
  }

  info(message: string): void {
    this.show(h("div.panel.toast.info", {}, message), 3000);
  }

  /** A notice with a button (a link that shows what it tells): "Show" looks at it. */
  link(message: string, label: string, run: () => void, ms = 15_000): HTMLElement {
    const el = h("div.panel.toast.info.link", {}, message, " ",
      h("button.toast-link", { type: "button", onclick: () => { run(); el.remove(); } }, label));
    this.show(el, ms);
    return el;
  }

  private show(el: HTMLElement, ms: number): void {
    this.root.append(el);
    while (this.root.children.length > 4) this.root.firstElementChild?.remove();
    setTimeout(() => el.remove(), ms);
  }
}
