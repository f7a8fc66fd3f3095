/** The fields of "dd/mm/aaaa HH:mm" for `Intl.DateTimeFormat("pt-BR", …)`: 24-hour clock, zero-padded. */
export const DATE_TIME_FIELDS = {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
} as const satisfies Intl.DateTimeFormatOptions;
