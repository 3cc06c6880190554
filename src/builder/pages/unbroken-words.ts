/**
 * A word (text between spaces) that a browser could break inside, at a sign it may break beside: a hyphen, a slash,
 * a dot or any other sign before its last character ("sign-in", "--oauth-provider", "events.jsonLogger.handler.path",
 * "https://…"). Plain words need nothing, as long as the text breaks only at spaces and such signs (theme.css).
 */
export const BREAKABLE_WORD = /[^\p{L}\p{N}\p{M}\s]./u;
