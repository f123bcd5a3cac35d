// A report holds text from models and servers; control characters (NUL, terminal escapes) have no place in HTML,
// nor in the task data the page's script inserts into it.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

export const withoutControls = (text: string): string => text.replace(CONTROL, '')
