// The Phaser game both pages run (the live town and a replay): pixel art filling the window.
// ?renderer=canvas forces the canvas renderer; ?fps=N caps the frame rate (low-power machines,
// headless tests); 0 or absent: the display's.
import Phaser from "phaser";

export function makeGame(): Phaser.Game {
  const params = new URLSearchParams(location.search);
  const canvas = params.get("renderer") === "canvas";
  const fps = Math.min(120, Math.max(0, Number(params.get("fps")) || 0));
  return new Phaser.Game({
    type: canvas ? Phaser.CANVAS : Phaser.AUTO,
    parent: "game",
    backgroundColor: "#1b1420",
    pixelArt: true,
    banner: false,
    scale: { mode: Phaser.Scale.RESIZE, width: window.innerWidth, height: window.innerHeight },
    scene: [],
    ...(fps ? { fps: { limit: fps } } : {}),
  });
}
