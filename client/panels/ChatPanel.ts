// The chat panel: one conversation between the player and a resident. The player's words show
// at once (dimmed until the server repeats them as avatar_said), the resident's answers arrive
// as agent_said, a refusal marks the line, and chat_ended closes the conversation (typing again
// starts a new one). Enter sends; Escape leaves the input (to walk), a second Escape closes.
import { MAX_TEXT_LENGTH } from "../../shared/constants.ts";
import { firstName } from "./format.ts";
import { fill, h } from "./dom.ts";

type Line = { who: "me" | "them" | "note"; text: string; el: HTMLElement };

export class ChatPanel {
  readonly root: HTMLElement;
  private readonly title: HTMLElement;
  private readonly status: HTMLElement;
  private readonly log: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly lines: Line[] = [];
  /** The resident talked to, "" when closed. */
  agentId = "";
  private agentName = "";
  private ended = false;

  constructor(private readonly say: (agentId: string, text: string) => void, private readonly onClose: () => void = () => {}) {
    this.title = h("h2", {});
    this.status = h("div.chat-status", { id: "chat-status" });
    this.log = h("div.chat-log", { id: "chat-log", role: "log", "aria-live": "polite" });
    this.input = h("input", { id: "chat-input", maxlength: MAX_TEXT_LENGTH, placeholder: "Say something…", autocomplete: "off", "aria-label": "What you say" });
    const form = h("form.chat-form", {}, this.input, h("button.primary", { type: "submit" }, "Say"));
    form.addEventListener("submit", (e) => { e.preventDefault(); this.send(); });
    this.root = h("section.panel.chat", { id: "chat-panel", "aria-label": "Conversation" },
      h("header", {}, this.title, h("button.close", { type: "button", title: "Close (Esc)", "aria-label": "Close the conversation", onclick: () => this.close() }, "×")),
      this.status, this.log, form);
    this.root.hidden = true;
  }

  get open(): boolean {
    return !this.root.hidden;
  }

  /** Opens (or switches) the conversation with a resident and focuses the input. */
  show(agentId: string, name: string, note = ""): void {
    if (agentId !== this.agentId) {
      this.agentId = agentId;
      this.agentName = name;
      this.lines.length = 0;
      fill(this.log);
      this.ended = false;
    }
    fill(this.title, "💬 ", h("span", {}, name));
    this.setStatus(note || `Talking with ${firstName(name)}. Press Enter to say it.`);
    this.root.hidden = false;
    this.input.focus();
  }

  setStatus(text: string): void {
    this.status.textContent = text;
  }

  close(): void {
    this.root.hidden = true;
    this.input.blur();
    this.onClose();
  }

  focus(): void {
    this.input.focus();
  }

  private send(): void {
    const text = this.input.value.trim();
    if (!text || !this.agentId) return;
    if (this.ended) {
      this.note("— a new conversation —");
      this.ended = false;
    }
    this.add("me", text).classList.add("pending");
    this.input.value = "";
    this.setStatus(`${firstName(this.agentName)} is listening…`);
    this.say(this.agentId, text);
  }

  private add(who: Line["who"], text: string): HTMLElement {
    const el = who === "note"
      ? h("div.line.note", {}, text)
      : h(`div.line.${who}`, {}, h("span.who", {}, who === "me" ? "You" : firstName(this.agentName)), h("span.text", {}, text));
    this.lines.push({ who, text, el });
    this.log.append(el);
    while (this.lines.length > 60) this.lines.shift()!.el.remove();
    this.log.scrollTop = this.log.scrollHeight;
    return el;
  }

  private note(text: string): void {
    this.add("note", text);
  }

  /** The server repeated the player's words: the line is said. */
  confirmMine(agentId: string, text: string): void {
    if (agentId !== this.agentId) return;
    const line = this.lines.find((l) => l.who === "me" && l.el.classList.contains("pending") && l.text === text.trim());
    if (line) line.el.classList.remove("pending");
  }

  /** The resident answered the player. */
  answer(agentId: string, name: string, text: string): void {
    if (agentId !== this.agentId || this.root.hidden) this.show(agentId, name);
    if (this.ended) { this.note("— a new conversation —"); this.ended = false; }
    this.add("them", text);
    this.setStatus(`Talking with ${firstName(this.agentName)}.`);
  }

  /** A say was refused: the last unsaid line is marked with the reason. */
  failed(message: string): void {
    const line = [...this.lines].reverse().find((l) => l.who === "me" && l.el.classList.contains("pending"));
    if (line) {
      line.el.classList.remove("pending");
      line.el.classList.add("failed");
      line.el.append(h("span.reason", {}, message));
    }
    this.setStatus(message);
  }

  conversationEnded(agentId: string): void {
    if (agentId !== this.agentId || this.ended) return;
    this.ended = true;
    this.note(`${firstName(this.agentName)} ended the conversation and walks on.`);
    this.setStatus("The conversation has ended. Say something to start again.");
  }

  /** Texts in the log, for tests: "me: …", "them: …". */
  transcript(): { who: string; text: string; state: string }[] {
    return this.lines.map((l) => ({ who: l.who, text: l.text, state: l.el.classList.contains("failed") ? "failed" : l.el.classList.contains("pending") ? "pending" : "said" }));
  }
}
