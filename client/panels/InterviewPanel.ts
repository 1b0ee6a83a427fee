// The reporter's interview panel: every resident in a list (any distance), a question box, an
// "off the record" switch (the answer is not written into the resident's memory), and the
// answers, newest last. Enter asks; Shift+Enter starts a new line.
import { MAX_TEXT_LENGTH } from "../../shared/constants.ts";
import { firstName } from "./format.ts";
import { fill, h } from "./dom.ts";

export interface ResidentItem {
  id: string;
  name: string;
  emoji: string;
  action: string;
}

type Asked = {
  agentId: string;
  question: string;
  offTheRecord: boolean;
  el: HTMLElement;
  answered: boolean;
};

export class InterviewPanel {
  readonly root: HTMLElement;
  private readonly list: HTMLElement;
  private readonly question: HTMLTextAreaElement;
  private readonly offRecord: HTMLInputElement;
  private readonly answers: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly asked: Asked[] = [];
  private residents: ResidentItem[] = [];
  private listKey = "";
  /** The resident interviewed. */
  agentId = "";

  constructor(
    private readonly ask: (agentId: string, question: string, offTheRecord: boolean) => void,
  ) {
    this.list = h("div.resident-picker", {
      id: "interview-residents",
      role: "radiogroup",
      "aria-label": "Resident to interview",
    });
    this.question = h("textarea", {
      id: "interview-question",
      rows: 2,
      maxlength: MAX_TEXT_LENGTH,
      placeholder: "Ask about their life, memories, plans, reactions…",
      "aria-label": "Question",
    });
    this.offRecord = h("input", { id: "interview-off-record", type: "checkbox" });
    this.button = h("button.primary", { type: "submit", id: "interview-ask" }, "Ask");
    this.answers = h("div.answers", {
      id: "interview-answers",
      role: "log",
      "aria-live": "polite",
    });
    const form = h(
      "form.interview-form",
      {},
      this.question,
      h(
        "div.row",
        {},
        h(
          "label.switch",
          { title: "The resident answers, but does not remember this interview." },
          this.offRecord,
          h("span.track", {}),
          "Off the record",
        ),
        this.button,
      ),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
    this.question.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.shiftKey) {
        e.preventDefault();
        this.submit();
      }
    });
    this.root = h(
      "section.panel.interview",
      { id: "interview-panel", "aria-label": "Interview" },
      h("header", {}, h("h2", {}, "🎙️ Interview")),
      this.list,
      form,
      this.answers,
      h(
        "div.empty",
        {},
        "Pick a resident, type a question and press Enter. Answers come from their memories.",
      ),
    );
  }

  /** Keeps the list of residents in step with the town. */
  setResidents(residents: ResidentItem[]): void {
    const key = JSON.stringify(
      residents.map((r) => [r.id, r.name, r.emoji]).concat([[this.agentId]]),
    );
    this.residents = residents;
    if (key === this.listKey) return;
    this.listKey = key;
    fill(
      this.list,
      ...residents.map((r) =>
        h(
          "button.pick",
          {
            type: "button",
            role: "radio",
            "data-agent": r.id,
            "aria-checked": r.id === this.agentId ? "true" : "false",
            title: `${r.name}: ${r.action}`,
            onclick: () => this.pick(r.id),
          },
          `${r.emoji || "·"} ${r.name}`,
        ),
      ),
    );
  }

  pick(id: string): void {
    this.agentId = id;
    this.listKey = "";
    this.setResidents(this.residents);
    const r = this.residents.find((x) => x.id === id);
    this.question.placeholder = r
      ? `Ask ${firstName(r.name)} about their life, memories, plans…`
      : this.question.placeholder;
    this.question.focus();
  }

  focus(): void {
    this.question.focus();
  }

  private submit(): void {
    const question = this.question.value.trim();
    if (!question) return;
    if (!this.agentId) {
      this.list.classList.add("want");
      setTimeout(() => this.list.classList.remove("want"), 900);
      return;
    }
    const offTheRecord = this.offRecord.checked;
    const who = this.residents.find((r) => r.id === this.agentId);
    const el = h(
      "div.qa.pending",
      { "data-agent": this.agentId },
      h(
        "div.q",
        {},
        h("span.who", {}, `To ${who ? firstName(who.name) : this.agentId}`),
        offTheRecord
          ? h("span.badge.off", {}, "off the record")
          : h("span.badge.on", {}, "on the record"),
        h("div", {}, question),
      ),
      h("div.a", {}, h("span.thinking", {}, `${who ? firstName(who.name) : "They"} is thinking…`)),
    );
    this.asked.push({ agentId: this.agentId, question, offTheRecord, el, answered: false });
    this.root.classList.add("has-answers");
    this.answers.append(el);
    this.answers.scrollTop = this.answers.scrollHeight;
    this.question.value = "";
    this.ask(this.agentId, question, offTheRecord);
  }

  answer(m: { agentId: string; question: string; answer: string; offTheRecord: boolean }): void {
    const item =
      this.asked.find(
        (a) => !a.answered && a.agentId === m.agentId && a.question === m.question.trim(),
      ) ?? this.asked.find((a) => !a.answered && a.agentId === m.agentId);
    if (!item) return;
    item.answered = true;
    item.el.classList.remove("pending");
    fill(item.el.querySelector(".a")!, m.answer);
    this.answers.scrollTop = this.answers.scrollHeight;
  }

  failed(message: string): void {
    const item = this.asked.find((a) => !a.answered);
    if (!item) return;
    item.answered = true;
    item.el.classList.remove("pending");
    item.el.classList.add("failed");
    fill(item.el.querySelector(".a")!, message);
  }
}
