import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LinkifiedText } from "./linkified-text";

describe("LinkifiedText", () => {
  it("links http(s) addresses, leaving the sentence's punctuation and line breaks as text", () => {
    const { container } = render(
      <p>
        <LinkifiedText text={"Programação: https://exemplo.com.br/agenda?dia=1.\nMapa em http://mapa.exemplo.com, chegue cedo!"} />
      </p>,
    );
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://exemplo.com.br/agenda?dia=1", "http://mapa.exemplo.com/"]);
    expect(links[0]).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
    expect(container.textContent).toBe("Programação: https://exemplo.com.br/agenda?dia=1.\nMapa em http://mapa.exemplo.com, chegue cedo!");
  });

  it("never renders HTML nor links other schemes", () => {
    const { container } = render(
      <p>
        <LinkifiedText text={'<img src=x onerror="alert(1)"> javascript:alert(1) data:text/html,oi <b>negrito</b>'} />
      </p>,
    );
    expect(container.querySelector("img, b")).toBeNull();
    expect(screen.queryAllByRole("link")).toHaveLength(0);
    expect(container.textContent).toContain("<b>negrito</b>");
  });
});
