// Small helpers every page shares: making elements, the toast, asking the API.
import { t } from "./words.js";

/** @typedef {string | number | boolean | null | undefined | ((event: Event) => void)} AttrValue */

/**
 * An element with attributes (`class`, `on<event>` handlers, the rest as attributes; null and
 * undefined left out) and children (nodes, or text).
 * @param {string} tag
 * @param {Record<string, AttrValue>} [attrs]
 * @param {...(Node | string | number)} children
 * @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

/** @type {number | undefined} */
let toastTimer;

/** A message at the bottom of the screen for a few seconds. @param {string} message */
export function toast(message) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = message;
  box.style.display = "block";
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => { box.style.display = "none"; }, 4000);
}

/**
 * An error's words for a person: the server's own, in the language asked, where it has them.
 * @param {{ words?: string, error?: string }} body
 * @param {number} [status]
 */
export function errorText(body, status) {
  return body.words || body.error || t("The server did not answer (HTTP {status})", { status: status ?? 0 });
}

/**
 * JSON from the API; an Error with the server's words when it refuses.
 * @param {string} path
 * @param {RequestInit} [options]
 * @returns {Promise<any>}
 */
export async function api(path, options = {}) {
  const headers = { "Content-Type": "application/json", ...(options.headers || {}) };
  const response = await fetch(path, { ...options, headers });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(errorText(body, response.status));
  return body;
}
