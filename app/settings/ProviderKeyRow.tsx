import { useState, type FormEvent } from "react";
import { ExternalLink } from "lucide-react";
import { apiKeyName, providerKeyBodySchema, type ProviderKeyStatus } from "../../domain/generation/api";
import { ADDRESS_PROVIDERS, type KeyedProvider, PROVIDER_LABELS, PROVIDER_HELP } from "../../domain/providers/registry";
import { ProviderLogo } from "../models/ProviderLogo";
import { Button, Input, cn, toast } from "../ui";
import { keyStatusText, type StatusTone } from "./keyStatusText";
import { useRemoveProviderKey, useSaveProviderKey } from "./useProviderKeys";

const TONES: Record<StatusTone, string> = {
  own: "bg-success-soft text-success",
  platform: "bg-surface-3 text-text-muted",
  locked: "bg-danger-soft text-danger",
};

/**
 * One provider: badge, name, whose key is in use, where to get one, and a field to save or replace it.
 * The typed key lives only in this field until it is sent; it is cleared once saved and never shown back.
 */
export function ProviderKeyRow({ provider, status }: { provider: KeyedProvider; status: ProviderKeyStatus }) {
  const label = PROVIDER_LABELS[provider];
  const isAddress = ADDRESS_PROVIDERS.includes(provider);
  const help = PROVIDER_HELP[provider];
  const shown = keyStatusText(status, isAddress);
  const save = useSaveProviderKey();
  const remove = useRemoveProviderKey();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = `key-${provider}`;
  const noun = isAddress ? "server address" : "key";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = providerKeyBodySchema.safeParse({ key: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Enter a key");
    setError(null);
    save.mutate(
      { provider, key: parsed.data.key },
      {
        onSuccess: () => {
          setValue("");
          toast.success(`Saved your ${label} ${noun}`);
        },
        onError: (err) => {
          setError(err.message);
          toast.error(err.message);
        },
      },
    );
  };

  const removeKey = () =>
    remove.mutate(provider, {
      onSuccess: (next) =>
        toast.success(`Removed your ${label} ${noun}`, {
          description: next.source === "platform" ? "The platform's key is used again." : "Its models are locked until a key is added.",
        }),
      onError: (err) => toast.error(err.message),
    });

  return (
    <li className="rounded-xl border border-border bg-surface p-5" data-testid={`provider-row-${provider}`}>
      <div className="flex flex-wrap items-start gap-3">
        <ProviderLogo provider={provider} size={36} />
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold text-text">{label}</h2>
          <p className="mt-1 text-xs leading-relaxed text-text-muted">
            {help.text}{" "}
            {help.link && (
              <a
                href={help.link.href}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-1 rounded-sm font-medium text-accent underline-offset-4 hover:underline"
              >
                {help.link.label}
                <ExternalLink className="size-3" aria-hidden="true" />
              </a>
            )}
          </p>
        </div>
        <span
          className={cn("shrink-0 rounded-full px-2.5 py-1 text-xs font-medium", TONES[shown.tone])}
          data-testid={`provider-status-${provider}`}
        >
          {shown.text}
        </span>
      </div>

      <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-start gap-2">
        <label htmlFor={inputId} className="sr-only">
          {isAddress ? `${label} server address` : apiKeyName(label)}
        </label>
        <div className="min-w-56 flex-1">
          <Input
            id={inputId}
            type={isAddress ? "url" : "password"}
            // Not a login password: keep the browser from offering to save or fill it.
            autoComplete="off"
            spellCheck={false}
            placeholder={status.source === "user" ? `Replace your ${noun}` : help.placeholder}
            value={value}
            invalid={!!error}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              if (error) setError(null);
            }}
          />
          {error && (
            <p id={`${inputId}-error`} role="alert" className="mt-1.5 text-xs font-medium text-danger">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" variant="primary" loading={save.isPending} disabled={!value.trim()}>
          Save
        </Button>
        {status.source === "user" && (
          <Button variant="ghost" loading={remove.isPending} onClick={removeKey} aria-label={`Remove your ${label} ${noun}`}>
            Remove
          </Button>
        )}
      </form>
    </li>
  );
}
