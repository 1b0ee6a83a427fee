// The join dialog: a name, a role (visitor, reporter, moderator) and, for moderators, a token.
// Enter submits from any field; a refused join shows the server's reason and keeps the dialog.
import { MAX_NAME_LENGTH } from "../../shared/constants.ts";
import type { Role } from "../../shared/messages.ts";
import { h } from "./dom.ts";

export interface JoinRequest {
  name: string;
  role: Role;
  token?: string;
}

const NAME_KEY = "simulacra.name";

export class JoinDialog {
  readonly root: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly name: HTMLInputElement;
  private readonly role: HTMLSelectElement;
  private readonly token: HTMLInputElement;
  private readonly tokenRow: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly error: HTMLElement;

  constructor(parent: HTMLElement, private readonly onJoin: (req: JoinRequest) => Promise<void>) {
    this.name = h("input", { id: "join-name", name: "name", autocomplete: "nickname", maxlength: MAX_NAME_LENGTH, placeholder: "Your name", required: true });
    this.name.value = localStorage.getItem(NAME_KEY) ?? "";
    this.role = h("select", { id: "join-role", name: "role" },
      h("option", { value: "visitor" }, "Visitor"),
      h("option", { value: "reporter" }, "Reporter"),
      h("option", { value: "moderator" }, "Moderator"),
    );
    this.token = h("input", { id: "join-token", name: "token", type: "password", autocomplete: "off", placeholder: "Moderator token" });
    this.tokenRow = h("div", {}, h("label", { for: "join-token" }, "Token"), this.token);
    this.tokenRow.hidden = true;
    this.role.addEventListener("change", () => { this.tokenRow.hidden = this.role.value !== "moderator"; });
    this.button = h("button", { type: "submit" }, "Enter the town");
    this.error = h("div.error", { role: "alert", "aria-live": "polite" });
    this.form = h("form.panel.join", { autocomplete: "off" },
      h("h1", {}, "Simulacra"),
      h("p.tagline", {}, "A town of generative agents. Walk among the residents and watch their day."),
      h("label", { for: "join-name" }, "Name"),
      this.name,
      h("label", { for: "join-role" }, "Join as"),
      this.role,
      this.tokenRow,
      this.button,
      this.error,
      h("div.hint", {}, "Press Enter to join."),
    );
    this.form.addEventListener("submit", (e) => { e.preventDefault(); void this.submit(); });
    this.root = h("div.join-backdrop", {}, this.form);
    parent.append(this.root);
    queueMicrotask(() => this.name.focus());
  }

  private async submit(): Promise<void> {
    const name = this.name.value.trim();
    if (!name) {
      this.showError("Please type a name.");
      this.name.focus();
      return;
    }
    const role = this.role.value as Role;
    const token = this.token.value.trim() || undefined;
    this.button.disabled = true;
    this.button.textContent = "Joining…";
    this.showError("");
    try {
      localStorage.setItem(NAME_KEY, name);
      await this.onJoin({ name, role, token });
      this.close();
    } catch (e) {
      this.showError((e as Error).message || String(e));
      this.button.disabled = false;
      this.button.textContent = "Enter the town";
      this.name.focus();
    }
  }

  showError(text: string): void {
    this.error.textContent = text;
  }

  close(): void {
    this.root.remove();
  }
}
