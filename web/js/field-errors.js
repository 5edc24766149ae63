// A form's refusal in the form's own words, beside the field it is about. The daemon names its arguments as the
// protocol does (`alarm_add: 'ramp_seconds' must be a number from 0 to 600 seconds, got 900`); a form knows which of
// its fields each argument is, and what that field is called, so the person reads "The ramp must be a number from 0
// to 600 seconds, got 900" under the ramp. A refusal about no field is shown in the form's own error line, without
// the command's name.

import { command } from "/js/link.js";
import { el } from "/js/dom.js";

const COMMAND_PREFIX = /^[a-z]+_[a-z_]+(?::\s*|\s+(?=needs |has ))/;

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/// The field `fields` names as the refusal's subject, with the words for it; null when it is about none.
/// `fields`: [{input, names: [the protocol's names], what: "the ramp", empty?: words when the field is blank,
/// accepts?: what the field takes, in its own unit, for a refusal that says "must be" in another}].
export function fieldRefusal(message, fields) {
  const text = message.replace(COMMAND_PREFIX, "");
  for (const field of fields) {
    for (const name of field.names) {
      const quoted = `'${name}'`;
      const leading = new RegExp(`^${name}\\b`);
      const about = text.includes(quoted) || leading.test(text) || (field.matches && field.matches.test(text));
      if (!about) continue;
      if (field.empty && field.input.value.trim() === "") return { field, words: field.empty };
      if (field.accepts && /must be/.test(text)) return { field, words: `${capital(field.what)} must be ${field.accepts}.` };
      const words = text.startsWith(quoted) || leading.test(text)
        ? capital(field.what) + text.slice(text.startsWith(quoted) ? quoted.length : name.length)
        : text.replaceAll(quoted, field.what);
      return { field, words: capital(words) };
    }
  }
  return null;
}

function errorNodeFor(input) {
  const id = input.id + "-error";
  let node = document.getElementById(id);
  if (!node) {
    node = el("p", { id, className: "error field-error", attrs: { role: "alert" } });
    (input.closest(".field") || input.parentElement).append(node);
  }
  return node;
}

/// Takes every field's refusal away (a new attempt, or a success).
export function clearRefusals(fields, generalNode) {
  for (const field of fields) {
    const node = document.getElementById(field.input.id + "-error");
    if (node) node.textContent = "";
    field.input.removeAttribute("aria-invalid");
  }
  generalNode.textContent = "";
}

/// Shows `message` beside its field (returned), or in `generalNode` without the command's name (null).
export function showRefusal(message, fields, generalNode) {
  clearRefusals(fields, generalNode);
  const found = fieldRefusal(message, fields);
  if (!found) {
    generalNode.textContent = capital(message.replace(COMMAND_PREFIX, ""));
    return null;
  }
  const node = errorNodeFor(found.field.input);
  node.textContent = found.words;
  found.field.input.setAttribute("aria-invalid", "true");
  found.field.input.setAttribute("aria-describedby", node.id);
  return found.field;
}

/// Sends a form's command: its refusal shown in the form's words (`showRefusal`), and the field it names focused.
/// Resolves to the reply's data, null when refused.
export async function sendForm(cmd, args, fields, generalNode) {
  const reply = await command(cmd, args);
  if (reply.ok) {
    clearRefusals(fields, generalNode);
    return reply.data ?? {};
  }
  const field = showRefusal(reply.error.message, fields, generalNode);
  if (field) field.input.focus();
  return null;
}
