// The interview battery (the paper's §6.1 and Appendix B): five categories of five questions,
// asked of each resident under four memory conditions (masks applied at interview time, on the
// same memories, as the paper did). Questions follow the paper's; where the paper named its own
// town's people and events, the battery names the resident's neighbours and asks the scenario's
// own study questions, so it holds in any town.
import type { InterviewMask } from "../agents/interview.ts";

export const CONDITIONS = [
  "full",
  "no reflection",
  "no reflection, no planning",
  "no memory",
] as const;
export type Condition = (typeof CONDITIONS)[number];

export const MASKS: Record<Condition, InterviewMask> = {
  full: {},
  "no reflection": { reflection: true },
  "no reflection, no planning": { reflection: true, planning: true },
  "no memory": { reflection: true, planning: true, memory: true },
};

/** The paper's TrueSkill μ of each condition (Table, §6.3); the crowdworkers' beside them. */
export const PAPER_TRUESKILL: Record<Condition | "human crowdworker", number> = {
  full: 29.89,
  "no reflection": 26.88,
  "no reflection, no planning": 25.64,
  "human crowdworker": 22.95,
  "no memory": 21.21,
};

export const CATEGORIES = [
  "self-knowledge",
  "memory",
  "plans",
  "reactions",
  "reflections",
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface BatteryQuestion {
  category: Category;
  question: string;
}

/**
 * The 25 questions for one resident. `neighbours`: other residents' full names (the resident's
 * acquaintances first); `studyQuestions`: the scenario's questions about its events.
 */
export function batteryQuestions(
  neighbours: readonly string[],
  studyQuestions: readonly string[],
): BatteryQuestion[] {
  const q = (category: Category, question: string): BatteryQuestion => ({ category, question });
  const people = neighbours.slice(0, 3);
  const memory = [...people.map((n) => `Who is ${n}?`), ...studyQuestions].slice(0, 5);
  // Fewer neighbours or studies than five memory questions: the paper's open memory questions fill in.
  for (const fill of [
    "What did you do yesterday?",
    "Who did you talk to recently, and about what?",
    "What is the most important thing that happened to you recently?",
  ]) {
    if (memory.length < 5) memory.push(fill);
  }
  const friend = people[0] ?? "a friend";
  return [
    q("self-knowledge", "Give an introduction of yourself."),
    q("self-knowledge", "What's your occupation?"),
    q("self-knowledge", "What is your interest?"),
    q("self-knowledge", "Who do you live with?"),
    q("self-knowledge", "Describe your typical weekday schedule in broad strokes."),
    ...memory.map((m) => q("memory", m)),
    q("plans", "What will you be doing at 10 am tomorrow?"),
    q("plans", "What will you be doing at 6 pm tomorrow?"),
    q("plans", "What will you be doing at 1 pm tomorrow?"),
    q("plans", "What will you be doing at 7 pm tomorrow?"),
    q("plans", "What are your plans for the rest of today?"),
    q("reactions", "Your breakfast is burning! What would you do?"),
    q("reactions", "The bathroom is occupied. What would you do?"),
    q("reactions", "You need to cook dinner but your refrigerator is empty. What would you do?"),
    q("reactions", `You see ${friend} walking by the street. What would you do or say to them?`),
    q("reactions", "You see a fire on the street. What would you do?"),
    q("reflections", "What inspires you in life the most right now, and why?"),
    q(
      "reflections",
      "If you had to guess given what you know, who might be your closest friend, and why?",
    ),
    q("reflections", "Who would you like to spend more time with, and why?"),
    q("reflections", "What are you most worried about right now?"),
    q("reflections", "What have you learned about yourself lately?"),
  ];
}
