// Colyseus 0.18's reconnection (Room._onJoin) compares a client's readyState with the global
// `WebSocket.OPEN`, which Node 20 does not define (Node 22 does): without it every reconnection
// throws "WebSocket is not defined" and the dropped person is lost. The `ws` class the transport
// itself uses fills the gap where the global is missing.
import { WebSocket } from "ws";

const g = globalThis as { WebSocket?: unknown };
g.WebSocket ??= WebSocket;
