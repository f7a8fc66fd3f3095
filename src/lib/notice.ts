/** Alerts the product gives no title for are titled this. */
export const ATTENTION_TITLE = "Atenção";

/** What a form tells the person after a submit: a success or a refusal, with an optional detail line (a ticket code). */
export type Notice = { title: string; message: string; detail?: string; tone: "success" | "error" };
