import { expect, test } from "vitest";
import { supporterCsv, supporterCsvFileName } from "./supporterCsv";

const row = {
  name: '=HYPERLINK("http://x")',
  email: "ana@exemplo.com",
  amountCents: 3_000,
  rewardTitle: "Camiseta",
  answer: "+M; G",
  at: Date.UTC(2026, 10, 28, 15, 30),
  state: "Confirmado",
  feeCents: 150,
};

test("UTF-8 with BOM, `;` between fields, formula-looking cells neutralized, answers kept", () => {
  const csv = supporterCsv([row, { ...row, name: "João", rewardTitle: null, answer: null, feeCents: null }], {
    timeZone: "America/Sao_Paulo",
  });
  expect(csv.startsWith("\uFEFFNome;E-mail;Valor;Recompensa;Resposta;Data;Situação;Taxa de serviço\r\n")).toBe(true);
  const lines = csv.slice(1).split("\r\n");
  expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")";ana@exemplo.com;R$ 30,00;Camiseta;"'+M; G";28/11/2026 12:30;Confirmado;R$ 1,50`);
  expect(lines[2]).toBe("João;ana@exemplo.com;R$ 30,00;Sem recompensa;;28/11/2026 12:30;Confirmado;");
});

test("the file is named after the event", () => {
  expect(supporterCsvFileName("Show da Banda!")).toBe("apoiadores-show-da-banda.csv");
});
