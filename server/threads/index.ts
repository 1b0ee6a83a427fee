// Work on threads of its own: the main thread's client and the worker's side of its replies.
export {
  plainError,
  sendable,
  ThreadClient,
  type CallChannel,
  type Ready,
  type Replies,
  type Reply,
  type SentError,
  type ThreadClientOptions,
} from "./threadClient.ts";
export { mainPort, sendReply } from "./workerSide.ts";
