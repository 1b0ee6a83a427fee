// The chat panel: the group talk the player is in, residents and people. The participants line
// shows who is in it (chat_members); a click on a resident there picks whom to speak to. Every
// line shows its speaker (and whom it was said to when that is not the player). The player's
// words show at once (dimmed until the server repeats them as avatar_said), a refusal marks the
// line, and leaving the talk (chat_ended, or chat_members without the player) closes it: typing
// again starts a new one. Enter sends; Escape leaves the input (to walk), a second Escape closes.
import { MAX_TEXT_LENGTH } from "../../shared/constants.ts";
import type { ChatLine, ChatMember } from "../../shared/messages.ts";
import { firstName } from "./format.ts";
import { fill, h } from "./dom.ts";

type Who = "me" | "them" | "note";
type Line = { who: Who; speaker: string; to: string; text: string; el: HTMLElement };

export class ChatPanel {
  readonly root: HTMLElement;
  private readonly title: HTMLElement;
  private readonly membersEl: HTMLElement;
  private readonly status: HTMLElement;
  private readonly log: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly lines: Line[] = [];
  /** The resident spoken to, "" when closed. */
  agentId = "";
  private agentName = "";
  /** The group talk the player is in ("" until the server says). */
  chat = "";
  private members: ChatMember[] = [];
  private ended = false;

  constructor(
    private readonly say: (agentId: string, text: string) => void,
    private readonly onClose: () => void = () => {},
    /** The player's avatar id. */
    private readonly me: () => string = () => "",
  ) {
    this.title = h("h2", {});
    this.membersEl = h("div.chat-members", {
      id: "chat-members",
      "aria-label": "In this conversation",
    });
    this.status = h("div.chat-status", { id: "chat-status" });
    this.log = h("div.chat-log", { id: "chat-log", role: "log", "aria-live": "polite" });
    this.input = h("input", {
      id: "chat-input",
      maxlength: MAX_TEXT_LENGTH,
      placeholder: "Say something…",
      autocomplete: "off",
      "aria-label": "What you say",
    });
    const form = h(
      "form.chat-form",
      {},
      this.input,
      h("button.primary", { type: "submit" }, "Say"),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.send();
    });
    this.root = h(
      "section.panel.chat",
      { id: "chat-panel", "aria-label": "Conversation" },
      h(
        "header",
        {},
        this.title,
        h(
          "button.close",
          {
            type: "button",
            title: "Close (Esc)",
            "aria-label": "Close the conversation",
            onclick: () => this.close(),
          },
          "×",
        ),
      ),
      this.membersEl,
      this.status,
      this.log,
      form,
    );
    this.root.hidden = true;
  }

  get open(): boolean {
    return !this.root.hidden;
  }

  /** Opens the conversation with a resident (or turns to one in the same talk) and focuses the input. */
  show(agentId: string, name: string, note = ""): void {
    if (agentId !== this.agentId) {
      const sameTalk = this.inTalk(agentId);
      this.agentId = agentId;
      this.agentName = name;
      if (!sameTalk) this.reset();
    }
    this.drawTitle();
    this.setStatus(note || `Talking with ${firstName(name)}. Press Enter to say it.`);
    this.root.hidden = false;
    // Someone typing elsewhere (a moderator's state, an interview) keeps their field: a walk that
    // arrives later must not take their Enter.
    if (!typingElsewhere(this.root)) this.input.focus();
  }

  private reset(): void {
    this.lines.length = 0;
    fill(this.log);
    this.chat = "";
    this.members = [];
    this.drawMembers();
    this.ended = false;
  }

  private inTalk(id: string): boolean {
    return !this.ended && this.members.some((m) => m.id === id);
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
    this.add("me", this.me(), "You", this.agentId, text).classList.add("pending");
    this.input.value = "";
    this.setStatus(`${firstName(this.agentName)} is listening…`);
    this.say(this.agentId, text);
  }

  private add(who: Who, speaker: string, name: string, to: string, text: string): HTMLElement {
    const toName = to && to !== this.me() && who !== "me" ? this.nameIn(to) : "";
    const el =
      who === "note"
        ? h("div.line.note", {}, text)
        : h(
            `div.line.${who}`,
            { "data-speaker": speaker },
            h("span.who", {}, toName ? `${name} → ${toName}` : name),
            h("span.text", {}, text),
          );
    this.lines.push({ who, speaker, to, text, el });
    this.log.append(el);
    while (this.lines.length > 80) this.lines.shift()!.el.remove();
    this.log.scrollTop = this.log.scrollHeight;
    return el;
  }

  private nameIn(id: string): string {
    const m = this.members.find((x) => x.id === id);
    return m ? firstName(m.name) : id === this.agentId ? firstName(this.agentName) : "";
  }

  private note(text: string): void {
    this.add("note", "", "", "", text);
  }

  /** The server repeated the player's words: the line is said. */
  confirmMine(text: string): void {
    const line = this.lines.find(
      (l) => l.who === "me" && l.el.classList.contains("pending") && l.text === text.trim(),
    );
    if (line) line.el.classList.remove("pending");
  }

  /** A resident spoke, to the player or to someone else in the player's talk. */
  answer(agentId: string, name: string, to: string, text: string, chat = ""): void {
    const mine = to === this.me();
    if (
      mine &&
      agentId !== this.agentId &&
      !this.inTalk(agentId) &&
      !(chat && chat === this.chat)
    ) {
      this.agentId = agentId;
      this.agentName = name;
      this.reset();
    }
    if (this.root.hidden) this.show(this.agentId || agentId, this.agentId ? this.agentName : name);
    if (this.ended) {
      this.note("— a new conversation —");
      this.ended = false;
    }
    this.add("them", agentId, firstName(name), to, text);
    if (mine) this.setStatus(`Talking with ${firstName(name)}.`);
  }

  /** Another person in the player's talk spoke to a resident in it. */
  heard(avatarId: string, name: string, to: string, text: string): void {
    this.add("them", avatarId, firstName(name), to, text);
  }

  /** Who is in the talk now; a list without the player means the player left it. */
  setMembers(chat: string, members: readonly ChatMember[], lines: readonly ChatLine[] = []): void {
    const me = this.me();
    if (!members.some((m) => m.id === me)) {
      if (chat === this.chat && !this.ended) {
        this.members = [...members];
        this.drawMembers();
        this.finish("You left the conversation.");
      }
      return;
    }
    const joinedNow = chat !== this.chat;
    this.chat = chat;
    this.ended = false;
    const before = new Set(this.members.map((m) => m.id));
    this.members = [...members];
    if (joinedNow) this.catchUp(lines);
    if (!joinedNow)
      for (const m of members)
        if (!before.has(m.id)) this.note(`${firstName(m.name)} joined the conversation.`);
    this.drawMembers();
    this.drawTitle();
  }

  /** Joining a talk under way: its earlier lines come first (those already shown are kept). */
  private catchUp(lines: readonly ChatLine[]): void {
    const me = this.me();
    const shown = new Set(this.lines.map((l) => `${l.speaker === me ? me : l.speaker}|${l.text}`));
    const earlier = lines.filter((l) => !shown.has(`${l.speaker}|${l.text}`));
    if (earlier.length === 0) return;
    const first = this.log.firstChild;
    const els = earlier.map((l) => {
      const who = l.speaker === me ? "me" : "them";
      const el = this.add(who, l.speaker, who === "me" ? "You" : firstName(l.name), l.to, l.text);
      el.classList.add("earlier");
      return el;
    });
    // add() appended them: move them before what the panel already showed, in their order.
    for (const el of els) this.log.insertBefore(el, first);
    const moved = this.lines.splice(this.lines.length - els.length, els.length);
    this.lines.unshift(...moved);
  }

  private drawTitle(): void {
    const others = this.members.filter((m) => m.id !== this.me());
    fill(
      this.title,
      "💬 ",
      h(
        "span",
        {},
        others.length > 1 ? others.map((m) => firstName(m.name)).join(", ") : this.agentName,
      ),
    );
  }

  private drawMembers(): void {
    const me = this.me();
    const chips = this.members.map((m) => {
      const label = m.id === me ? `${firstName(m.name)} (you)` : firstName(m.name);
      const cls = `chip.${m.kind}${m.id === this.agentId ? ".to" : ""}` as const;
      return m.kind === "agent" && m.id !== this.agentId
        ? h(
            `button.${cls}`,
            {
              type: "button",
              title: `Speak to ${m.name}`,
              "data-id": m.id,
              onclick: () => this.show(m.id, m.name),
            },
            label,
          )
        : h(
            `span.${cls}`,
            { "data-id": m.id, title: m.id === this.agentId ? `You speak to ${m.name}` : m.name },
            label,
          );
    });
    fill(this.membersEl, ...(chips.length ? [h("span.label", {}, "With: "), ...chips] : []));
    this.membersEl.hidden = chips.length === 0;
  }

  /** A say was refused: the last unsaid line is marked with the reason. */
  failed(message: string): void {
    const line = [...this.lines]
      .reverse()
      .find((l) => l.who === "me" && l.el.classList.contains("pending"));
    if (line) {
      line.el.classList.remove("pending");
      line.el.classList.add("failed");
      line.el.append(h("span.reason", {}, message));
    }
    this.setStatus(message);
  }

  /** A resident stopped talking with the player. */
  conversationEnded(agentId: string): void {
    if (this.ended) return;
    if (agentId !== this.agentId && !this.inTalk(agentId)) return;
    const name = this.members.find((m) => m.id === agentId)?.name ?? this.agentName;
    const residentsLeft = this.members.filter((m) => m.kind === "agent" && m.id !== agentId);
    if (residentsLeft.length > 0) {
      this.members = this.members.filter((m) => m.id !== agentId);
      this.drawMembers();
      this.note(`${firstName(name)} left the conversation.`);
      if (agentId === this.agentId) this.show(residentsLeft[0].id, residentsLeft[0].name);
      return;
    }
    this.finish(`${firstName(name)} ended the conversation and walks on.`);
  }

  private finish(note: string): void {
    this.ended = true;
    this.note(note);
    this.setStatus("The conversation has ended. Say something to start again.");
  }

  /** Texts in the log, for tests: who ("me" | "them" | "note"), the speaker's id and name, to whom, the text. */
  transcript(): {
    who: string;
    speaker: string;
    name: string;
    to: string;
    text: string;
    state: string;
  }[] {
    return this.lines.map((l) => ({
      who: l.who,
      speaker: l.speaker,
      name: l.el.querySelector(".who")?.textContent ?? "",
      to: l.to,
      text: l.text,
      state: l.el.classList.contains("failed")
        ? "failed"
        : l.el.classList.contains("pending")
          ? "pending"
          : "said",
    }));
  }

  /** The participants shown, for tests. */
  participants(): ChatMember[] {
    return this.members.map((m) => ({ ...m }));
  }
}

/** Whether the keyboard is in a text field outside `panel`. */
function typingElsewhere(panel: HTMLElement): boolean {
  const el = document.activeElement as HTMLElement | null;
  if (!el || panel.contains(el)) return false;
  return (
    el.tagName === "INPUT" ||
    el.tagName === "TEXTAREA" ||
    el.tagName === "SELECT" ||
    el.isContentEditable
  );
}
