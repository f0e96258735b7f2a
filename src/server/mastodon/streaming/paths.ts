/**
 * Whether a request opens a stream of the streaming API (an SSE stream, or the WebSocket's upgrade): it lasts
 * as long as the stream, so it counts against the streams' own cap, not the requests at once of its client
 * (docs/security.md, "Limits on every request"). The health check is an ordinary request.
 */
export const opensStream = (url: string) => /^\/api\/v1\/streaming(?!\/health(?:[/?]|$))(?:[/?]|$)/.test(url);
