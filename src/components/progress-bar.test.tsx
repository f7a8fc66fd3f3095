import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProgressBar } from "./progress-bar";

describe("ProgressBar", () => {
  it("exposes its value in reais to assistive technology", () => {
    render(<ProgressBar raisedCents={3000} goalCents={10000} percent={30} progress={30} />);
    const bar = screen.getByRole("progressbar", { name: "Progresso da arrecadação" });
    expect(bar).toHaveAttribute("aria-valuenow", "30");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(bar).toHaveAttribute("aria-valuetext", "R$ 30,00 de R$ 100,00 (30%)");
  });

  it("caps the bar at 100% while the text tells the real percent", () => {
    render(<ProgressBar raisedCents={15000} goalCents={10000} percent={150} progress={100} />);
    const bar = screen.getByRole("progressbar");
    expect(bar).toHaveAttribute("aria-valuenow", "150");
    expect(bar).toHaveAttribute("aria-valuemax", "150");
    expect(bar).toHaveAttribute("aria-valuetext", "R$ 150,00 de R$ 100,00 (150%)");
    expect(bar.firstElementChild).toHaveStyle({ width: "100%" });
  });

  it("shows a sliver and says '< 1%' when something below 1% was raised", () => {
    render(<ProgressBar raisedCents={1000} goalCents={123450} percent={0} progress={0} />);
    const bar = screen.getByRole("progressbar");
    expect(bar).toHaveAttribute("aria-valuetext", "R$ 10,00 de R$ 1.234,50 (< 1%)");
    expect(bar.firstElementChild).toHaveStyle({ width: "0%", minWidth: "8px" });
  });

  it("stays empty when nothing was raised", () => {
    render(<ProgressBar raisedCents={0} goalCents={10000} percent={0} progress={0} />);
    const bar = screen.getByRole("progressbar");
    expect(bar).toHaveAttribute("aria-valuetext", "R$ 0,00 de R$ 100,00 (0%)");
    expect((bar.firstElementChild as HTMLElement).style.minWidth).toBe("");
  });
});
