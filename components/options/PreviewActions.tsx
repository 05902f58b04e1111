/** An import preview's last row: apply (when there is something to apply) or cancel. */
export function PreviewActions(props: {
  /** Null: nothing can be applied, only Cancel is offered. */
  confirm: string | null;
  cancel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div class="actions">
      {props.confirm !== null && (
        <button type="button" onClick={props.onConfirm} disabled={props.busy}>
          {props.confirm}
        </button>
      )}
      <button type="button" class="secondary" onClick={props.onCancel} disabled={props.busy}>
        {props.cancel}
      </button>
    </div>
  );
}
