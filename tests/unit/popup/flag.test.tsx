/** The country-code badge that stands for a flag: drawn on every platform, no emoji. */
import { parseHTML } from "linkedom";
import { type ComponentChild, render as draw } from "preact";
import { describe, expect, it } from "vitest";
import { Flag } from "../../../components/popup/Flag";
import { NamedFlag } from "../../../components/popup/NamedFlag";

const { document } = parseHTML("<!doctype html><html><body></body></html>");
// Preact creates elements through the global document.
(globalThis as { document?: unknown }).document = document;
function render(node: ComponentChild) {
  const container = document.createElement("div");
  draw(node, container as unknown as Element);
  return { container };
}

describe("Flag", () => {
  it("a bordered code beside the name, hidden from screen readers", () => {
    const { container } = render(
      <p>
        <Flag code="us" />
        Ohio
      </p>,
    );
    const badge = container.querySelector(".cc");
    expect(badge?.textContent).toBe("US");
    expect(badge?.getAttribute("aria-hidden")).toBe("true");
    expect(container.textContent).toBe("US Ohio");
  });

  it("nothing for a code that is not two letters", () => {
    const { container } = render(<Flag code="USA" />);
    expect(container.innerHTML).toBe("");
  });

  it("on its own, labelled with the country's name in the page's language", () => {
    const { container } = render(<NamedFlag code="de" language="zh_CN" />);
    const badge = container.querySelector(".cc");
    expect(badge?.textContent).toBe("DE");
    expect(badge?.getAttribute("role")).toBe("img");
    expect(badge?.getAttribute("aria-label")).toBe("德国");
  });
});
