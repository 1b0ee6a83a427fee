import { describe, expect, it } from "vitest";
import {
  describeEvent, eventOnDay, eventUpcoming, extractEvent, keywordImportance, knownEvents, toFirstPerson, youToThirdPerson,
} from "../../server/agents/offline/text.ts";

const places = [
  { name: "Copper Kettle cafe", address: "W:Copper Kettle cafe" },
  { name: "Brandt house", address: "W:Brandt house" },
  { name: "dining room of Copper Kettle cafe", address: "W:Copper Kettle cafe:dining room" },
];
const feb13 = Date.parse("2026-02-13T10:00:00Z");

describe("offline importance", () => {
  it("follows the scale: idle 1, routine 2-3, social 4-6, events and relationships 7-9", () => {
    expect(keywordImportance("Theo Brandt is idle")).toBe(1);
    expect(keywordImportance("Ines Calloway is sleeping")).toBe(1);
    expect(keywordImportance("window table is in use")).toBe(2);
    expect(keywordImportance("Ines Calloway is serving coffee at the counter")).toBe(3);
    expect(keywordImportance("Theo Brandt is chatting with Ines Calloway")).toBe(5);
    expect(keywordImportance("Ines is planning a Valentine's Day party")).toBe(8);
    expect(keywordImportance("Maria has a secret crush on Klaus")).toBe(8);
    expect(keywordImportance("the stove is on fire")).toBe(9);
  });
});

describe("events in sentences", () => {
  it("finds what, day, time, place and host", () => {
    const e = extractEvent("Ines Calloway is excited to be planning a Valentine's Day party at the Copper Kettle cafe on February 14th from 5pm to 7pm", places, feb13);
    expect(e).toMatchObject({ what: "Valentine's Day party", month: 1, day: 14, start: 17 * 60, end: 19 * 60, host: "Ines Calloway" });
    expect(e!.place!.address).toBe("W:Copper Kettle cafe");
    expect(describeEvent(e!)).toBe("the Valentine's Day party at Copper Kettle cafe on February 14 from 5 pm to 7 pm");
    expect(eventOnDay(e!, Date.parse("2026-02-14T00:00:00Z"))).toBe(true);
    expect(eventUpcoming(e!, feb13)).toBe(true);
    expect(eventUpcoming(e!, Date.parse("2026-02-14T19:30:00Z"))).toBe(false);
  });

  it("reads relative days, ranges without am/pm on the start, and holidays", () => {
    expect(extractEvent("a birthday party tomorrow 6-8 pm in the dining room", places, feb13)).toMatchObject({ day: 14, start: 18 * 60, end: 20 * 60 });
    expect(extractEvent("the Valentine's Day dinner at 7 pm", places, feb13)).toMatchObject({ month: 1, day: 14, start: 19 * 60 });
  });

  it("does not take a person's surname for a place (Theo Brandt is not Brandt house)", () => {
    const e = extractEvent("Theo Brandt heard about a party on February 14", places, feb13);
    expect(e?.place).toBeUndefined();
    expect(extractEvent("a party at the Brandt house on February 14 at 6 pm", places, feb13)?.place?.name).toBe("Brandt house");
  });

  it("merges what several memories say about one event", () => {
    const known = knownEvents(
      [
        { text: "Theo Brandt and Ines Calloway were conversing about the Valentine's Day party", created: feb13 },
        { text: "For Theo Brandt's planning: Ines Calloway is hosting a Valentine's Day party at Copper Kettle cafe on February 14 from 5 pm to 7 pm", created: feb13 },
      ],
      places,
      "Theo Brandt",
    );
    expect(known).toHaveLength(1);
    expect(known[0]).toMatchObject({ hostedBySelf: false, event: { host: "Ines Calloway", start: 1020, day: 14, place: { name: "Copper Kettle cafe" } } });
  });
});

describe("changing the person of a sentence", () => {
  it("turns whispers to 'you' into statements about the agent", () => {
    expect(youToThirdPerson("You are excited to be planning a party, and you are eager to tell everyone", "Isabella Rodriguez")).toBe(
      "Isabella Rodriguez is excited to be planning a party, and Isabella Rodriguez is eager to tell everyone",
    );
    expect(youToThirdPerson("you love your work at Hobbs Cafe", "Isabella Rodriguez")).toBe("Isabella Rodriguez loves Isabella's work at Hobbs Cafe");
    expect(youToThirdPerson("This is very important -- you have a secret crush on Klaus Mueller", "Maria Lopez")).toBe(
      "This is very important -- Maria Lopez has a secret crush on Klaus Mueller",
    );
    expect(youToThirdPerson("You rarely talk to him", "Theo Brandt")).toBe("Theo Brandt rarely talks to him");
  });

  it("turns memories about the agent into the first person", () => {
    expect(toFirstPerson("Theo Brandt is going to the party", "Theo Brandt")).toBe("I am going to the party");
    expect(toFirstPerson("Theo Brandt and Ines Calloway were conversing", "Theo Brandt")).toBe("Ines Calloway and I were conversing");
  });
});

describe("places in sentences, the hard cases", () => {
  const sv = [
    { name: "park", address: "V:Johnson Park:park" },
    { name: "Johnson Park", address: "V:Johnson Park" },
    { name: "Hobbs Cafe", address: "V:Hobbs Cafe" },
    { name: "The Rose and Crown Pub", address: "V:The Rose and Crown Pub" },
  ];
  it("a surname is not a place, and a place in another clause is not the event's", () => {
    expect(extractEvent("For Ryan Park's planning: A Valentine's Day party on February 14; Ryan Park wants to go.", sv)?.place).toBeUndefined();
    expect(extractEvent("going to the Valentine's Day party at 5 pm, having a drink at The Rose and Crown Pub at 8 pm", sv)?.place).toBeUndefined();
    expect(extractEvent("a picnic party in the park on February 14 at noon", sv)?.place?.name).toBe("park");
    expect(extractEvent("a party at Hobbs Cafe on February 14 from 5 pm to 7 pm. Ryan Park is going.", sv)?.place?.name).toBe("Hobbs Cafe");
  });
});
