// Typed text and addresses keep their own direction in right-to-left text.
import "../common/bidi.css";
import "./create-form.css";
import { useState } from "preact/hooks";
import type { Failure } from "../../lib/base/failure";
import { createCommand, type CreateForm as Form, validateCreate } from "../../lib/popup/create";
import type { CreateOutcome } from "../../lib/protocol/commands";
import { isDynamic } from "../../lib/state/token-facts";
import { CreateDone } from "./CreateDone";
import { CreateFields } from "./CreateFields";
import { CreateSummary } from "./CreateSummary";
import { useEnv } from "./env";

type Step =
  | { at: "form"; showProblems: boolean }
  | { at: "summary" }
  | { at: "sending" }
  | { at: "done"; result: CreateOutcome; dynamic: boolean };

const EMPTY: Form = {
  kind: "static-ip",
  number: "1",
  networkType: "HTTP",
  datacenter: false,
  country: null,
  state: null,
  city: null,
  plan: null,
};

/** Kind, number, protocol, region, plan → summary → buy. The purchase runs in the background. */
export function CreateForm({ onShowTokens }: { onShowTokens: () => void }) {
  return (
    <div class="create-form">
      <CreateSteps onShowTokens={onShowTokens} />
    </div>
  );
}

function CreateSteps({ onShowTokens }: { onShowTokens: () => void }) {
  const { send } = useEnv();
  const [form, setForm] = useState<Form>(EMPTY);
  const [step, setStep] = useState<Step>({ at: "form", showProblems: false });
  const [error, setError] = useState<Failure | null>(null);

  const update = (change: Partial<Form>) => setForm((f) => ({ ...f, ...change }));
  const problems = validateCreate(form);
  const backToForm = () => setStep({ at: "form", showProblems: false });

  const review = (e: Event) => {
    e.preventDefault();
    setError(null);
    setStep(problems.length > 0 ? { at: "form", showProblems: true } : { at: "summary" });
  };

  const buy = async () => {
    const command = createCommand(form);
    if (!command) return;
    setStep({ at: "sending" });
    setError(null);
    const reply = await send(command);
    if (!reply.ok) {
      // Said here, so not again as a failure nobody watched (kept for a closed popup).
      void send({ type: "dismissUnseenFailure", source: "create" });
      // Back to the summary: the user decides whether to try again (a retry buys again).
      setError(reply.failure);
      setStep({ at: "summary" });
      return;
    }
    setStep({
      at: "done",
      result: reply.data,
      dynamic: isDynamic(form),
    });
  };

  if (step.at === "done") {
    return (
      <CreateDone
        result={step.result}
        dynamic={step.dynamic}
        onCreateMore={backToForm}
        onShowTokens={onShowTokens}
      />
    );
  }
  if (step.at === "summary" || step.at === "sending") {
    return (
      <CreateSummary
        form={form}
        sending={step.at === "sending"}
        error={error}
        onBack={backToForm}
        onBuy={buy}
      />
    );
  }
  return (
    <CreateFields
      form={form}
      update={update}
      problems={step.showProblems ? problems : []}
      onSubmit={review}
    />
  );
}
