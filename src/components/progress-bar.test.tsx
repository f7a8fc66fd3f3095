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
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    expect(bar).toHaveAttribute("aria-valuetext", "R$ 150,00 de R$ 100,00 (150%)");
    expect(bar.firstElementChild).toHaveStyle({ width: "100%" });
  });
});
