/** The colour of an event's status chip (`chip--done`, `chip--progress`, `chip--idle`), the same everywhere. */
export function statusTone(status: string): "done" | "progress" | "idle" {
  if (status === "Concluído") return "done";
  if (status === "Em Progresso") return "progress";
  return "idle";
}
