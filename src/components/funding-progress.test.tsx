import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FundingProgress } from "./funding-progress";

describe("FundingProgress", () => {
  it("shows the amounts and the percent of the goal, and labels the bar with both", () => {
    render(<FundingProgress funding={{ raisedCents: 3_000, goalCents: 10_000, percent: 30, progress: 30 }} amountsId="valores" />);
    expect(screen.getByText("R$ 30,00 de R$ 100,00")).toHaveAttribute("id", "valores");
    expect(screen.getByText("30% da meta")).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: "Progresso da arrecadação" });
    expect(bar).toHaveAttribute("aria-valuenow", "30");
    expect(bar).toHaveAttribute("aria-valuetext", "R$ 30,00 de R$ 100,00 (30%)");
  });

  it("says '< 1% da meta' for a support below 1%, and more than 100% past the goal with a full bar", () => {
    const { rerender } = render(<FundingProgress funding={{ raisedCents: 50, goalCents: 100_000, percent: 0, progress: 0.05 }} />);
    expect(screen.getByText("< 1% da meta")).toBeInTheDocument();
    rerender(<FundingProgress funding={{ raisedCents: 12_000, goalCents: 10_000, percent: 120, progress: 100 }} size="large" />);
    expect(screen.getByText("120% da meta")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "120");
  });
});
