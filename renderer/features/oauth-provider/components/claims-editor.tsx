/**
 * An app's own claims (issue 34): rows of a claim name and where its value comes from — a user
 * field picked from the fields the server lets a claim read (additional fields and the global role
 * included), or a fixed text. The server decides which names are refused (registered claims such
 * as sub or email): its message is shown beside the row it names, so the form never keeps a second
 * copy of that list.
 */
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { SelectField, TextField } from "../../../ui/field";

export interface ClaimRow {
  /** Stable React key: rows can be removed from the middle. */
  key: number;
  name: string;
  /** A user field's name, or LITERAL for a fixed text. */
  field: string;
  text: string;
}

export const LITERAL = "";

let nextKey = 1;
export const newClaimRow = (name = "", field = "", text = ""): ClaimRow => ({ key: nextKey++, name, field, text });

/** Stored `{ name: "user.FIELD" | "literal:TEXT" }` → rows. */
export function claimRowsOf(claims: Record<string, string> | undefined): ClaimRow[] {
  return Object.entries(claims ?? {}).map(([name, source]) => (source.startsWith("user.") ? newClaimRow(name, source.slice("user.".length)) : newClaimRow(name, LITERAL, source.replace(/^literal:/, ""))));
}

/** Rows → the API's `custom_claims`. */
export function claimsOf(rows: ClaimRow[]): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [row.name.trim(), row.field === LITERAL ? `literal:${row.text}` : `user.${row.field}`]));
}

/** The form's own checks, by row key: a name is needed, and once only. */
export function claimRowErrors(rows: ClaimRow[], t: (key: string) => string): Map<number, string> {
  const errors = new Map<number, string>();
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (!name) errors.set(row.key, t("claims.nameRequired"));
    else if (seen.has(name)) errors.set(row.key, t("claims.nameTwice"));
    seen.add(name);
  }
  return errors;
}

export function ClaimsEditor({
  rows,
  userFields,
  errors,
  onChange,
}: {
  rows: ClaimRow[];
  /** The fields a claim may read, from the server; a stored field no longer offered stays listed. */
  userFields: string[];
  /** Row key → message (the form's own or the server's). */
  errors: Map<number, string>;
  onChange(rows: ClaimRow[]): void;
}) {
  const { t } = useTranslation("oauth-provider");
  const update = (key: number, change: Partial<ClaimRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const fieldLabel = (field: string) => (field === "role" ? t("claims.globalRole") : `user.${field}`);
  return (
    <fieldset className="scope-choices claims-editor">
      <legend>{t("claims.legend")}</legend>
      <p className="field-hint">{t("claims.hint")}</p>
      {rows.length === 0 ? <p className="claims-empty">{t("claims.empty")}</p> : null}
      {rows.map((row, index) => {
        const fields = row.field && row.field !== LITERAL && !userFields.includes(row.field) ? [...userFields, row.field] : userFields;
        const name = row.name.trim();
        const groupLabel = name ? t("claims.rowLabel", { name }) : t("claims.rowNew", { number: index + 1 });
        const removeLabel = name ? t("claims.remove", { name }) : t("claims.removeNew", { number: index + 1 });
        return (
          <div className="claim-row" role="group" aria-label={groupLabel} key={row.key}>
            <TextField
              label={t("claims.name")}
              value={row.name}
              onChange={(event) => update(row.key, { name: event.target.value })}
              error={errors.get(row.key)}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
            />
            <SelectField
              label={t("claims.source")}
              value={row.field}
              onChange={(event) => update(row.key, { field: event.target.value })}
              options={[...fields.map((field) => ({ value: field, label: fieldLabel(field) })), { value: LITERAL, label: t("claims.literal") }]}
            />
            {row.field === LITERAL ? <TextField label={t("claims.text")} value={row.text} onChange={(event) => update(row.key, { text: event.target.value })} maxLength={1024} autoComplete="off" /> : null}
            <Button size="small" onClick={() => onChange(rows.filter((each) => each.key !== row.key))} aria-label={removeLabel}>
              {t("claims.removeShort")}
            </Button>
          </div>
        );
      })}
      <div>
        <Button size="small" onClick={() => onChange([...rows, newClaimRow("", userFields[0] ?? LITERAL)])}>
          {t("claims.add")}
        </Button>
      </div>
    </fieldset>
  );
}
