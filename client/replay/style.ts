// The replay page's styles, in the panels' style (client/style.css), injected once by ReplayPanel.
export const REPLAY_CSS = `
.replay-title { position: fixed; top: 12px; left: 12px; padding: 8px 12px; max-width: 60vw; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.replay-title .badge { background: var(--yellow); color: var(--ink); }
.replay-bar {
  position: fixed; left: 12px; right: 12px; bottom: 12px;
  display: flex; align-items: center; gap: 10px; padding: 8px 12px;
}
.replay-bar .play {
  width: 44px; height: 36px; border: 2px solid var(--ink); border-radius: 8px;
  background: var(--yellow); color: var(--ink); font: bold 16px var(--mono); cursor: pointer;
}
.replay-bar .play:focus-visible, .replay-bar .timeline:focus-visible, .replay-bar .speed:focus-visible { outline: 3px solid var(--cream); }
.replay-bar .speed { width: auto; padding: 6px 8px; }
.replay-bar .timeline { flex: 1; accent-color: var(--yellow); height: 24px; }
.replay-bar .readout { display: flex; flex-direction: column; align-items: flex-end; min-width: 150px; }
.replay-bar .clock { font: bold 15px var(--mono); }
.replay-bar .stepno { font-size: 11px; color: var(--muted); }
.replay-log {
  position: fixed; top: 12px; right: 12px; width: min(34vw, 340px); max-height: calc(100vh - 96px);
  padding: 10px 12px; overflow: hidden; display: flex; flex-direction: column;
}
.replay-log .log { margin: 0; padding: 0; list-style: none; overflow-y: auto; font-size: 12.5px; }
.replay-log li { padding: 3px 0; border-bottom: 1px solid rgba(91, 72, 104, 0.45); }
.replay-log li.error { color: #ff9d8f; }
.replay-log .when { font: 11px var(--mono); color: var(--tan); }
.replay-inspector { position: fixed; left: 12px; top: 64px; width: min(40vw, 280px); padding: 10px 12px; }
.replay-inspector[hidden] { display: none; }
.replay-inspector .doing { margin: 0 0 8px; font-size: 15px; }
.replay-inspector .emoji { font-size: 20px; }
.replay-inspector dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0; font-size: 12.5px; }
.replay-inspector dt { color: var(--tan); }
.replay-inspector dd { margin: 0; }
.replay-missing h2 { margin: 14px 0 6px; font: bold 12px var(--mono); text-transform: uppercase; letter-spacing: 1px; color: var(--tan); }
.replay-missing a { color: var(--yellow); }
.replay-choices { margin: 0; padding: 0 0 0 18px; font-size: 13px; color: var(--muted); }
.replay-choices li { padding: 2px 0; }
.replay-missing .button-link {
  display: block; margin-top: 20px; padding: 11px; border-radius: 8px; text-align: center; text-decoration: none;
  background: var(--yellow); color: var(--ink); font: bold 16px var(--font); box-shadow: 0 3px 0 #b8932a;
}
.replay-missing .button-link:focus-visible { outline: 3px solid var(--cream); }
.replay-log li.said, .replay-log li.avatarSaid { color: var(--cream); }
.replay-log li.moderated, .replay-log li.interviewed { color: #ffd89a; }
`;
