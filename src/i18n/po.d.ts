declare module '*.po' {
  export const messages: Record<string, unknown>;
}

// One part of a catalogue (vite.catalogueParts.ts).
declare module '*?lingui' {
  export const messages: Record<string, unknown>;
}
