/** A question under the form with Yes and No; Yes takes the focus when the box appears. */
import { useEffect, useRef } from "preact/hooks";

export function ConfirmBox(props: {
  id: string;
  question: string;
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
}) {
  const yesRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    yesRef.current?.focus();
  }, []);
  return (
    <div class="confirm">
      <p id={props.id}>{props.question}</p>
      <div class="actions">
        <button type="button" class="danger" ref={yesRef} onClick={props.onYes}>
          {props.yes}
        </button>
        <button type="button" class="secondary" onClick={props.onNo}>
          {props.no}
        </button>
      </div>
    </div>
  );
}
