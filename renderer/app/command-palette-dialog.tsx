/**
 * The command palette's dialog (cmdk), its own chunk: loaded the first time the palette opens, so
 * the shell's first load doesn't carry it. See command-palette.tsx for the button and shortcut.
 */
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Command } from "cmdk";
import { Dialog as Radix } from "radix-ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { findUsersByEmail, listOrganizations } from "./queries";
import { useAdminCan } from "./permissions";
import { useDebounced } from "../ui/use-debounced";
import { useReturnFocus } from "../ui/return-focus";

export function CommandPaletteDialog({ open, setOpen }: { open: boolean; setOpen(open: boolean): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const term = useDebounced(search.trim(), 150);
  const canListUsers = useAdminCan({ user: ["list"] });
  const canReadAudit = useAdminCan({ audit: ["list"] });
  const returnFocus = useReturnFocus(open);

  useEffect(() => {
    if (!open) setSearch("");
  }, [open]);

  const users = useQuery({
    queryKey: ["palette-users", term],
    queryFn: () => findUsersByEmail(term),
    enabled: open && canListUsers && term.length >= 2,
    staleTime: 10_000,
  });
  const organizations = useQuery({ queryKey: ["organizations"], queryFn: listOrganizations, enabled: open });

  const pages: Array<{ label: string; to: string; shown: boolean }> = [
    { label: t("nav.account"), to: "/account", shown: true },
    { label: t("nav.organizations"), to: "/organizations", shown: true },
    { label: t("nav.invitations"), to: "/invitations", shown: true },
    { label: t("nav.users"), to: "/admin/users", shown: canListUsers },
    { label: t("nav.audit"), to: "/admin/audit", shown: canReadAudit },
    { label: t("nav.outbox"), to: "/admin/outbox", shown: canListUsers },
  ];

  function go(href: string) {
    setOpen(false);
    void navigate({ href });
  }

  return (
    // Radix's dialog around cmdk (not cmdk's own Command.Dialog, which cannot say where focus goes
    // when it closes): focus returns to what opened the palette (issue 33).
    <Radix.Root open={open} onOpenChange={setOpen}>
      <Radix.Portal>
        <Radix.Overlay className="dialog-overlay" />
        <Radix.Content className="palette" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <Radix.Title className="visually-hidden">{t("palette.label")}</Radix.Title>
          <Command label={t("palette.label")} shouldFilter={true}>
            <Command.Input value={search} onValueChange={setSearch} placeholder={t("palette.placeholder")} aria-label={t("palette.placeholder")} />
            <Command.List>
              {users.isFetching ? <Command.Loading>{t("palette.searching")}</Command.Loading> : null}
              <Command.Empty>{t("palette.empty")}</Command.Empty>
              <Command.Group heading={t("palette.pages")}>
                {pages
                  .filter((page) => page.shown)
                  .map((page) => (
                    <Command.Item key={page.to} value={`page ${page.label}`} onSelect={() => go(page.to)}>
                      {page.label}
                    </Command.Item>
                  ))}
              </Command.Group>
              {(organizations.data ?? []).length > 0 ? (
                <Command.Group heading={t("palette.organizations")}>
                  {(organizations.data ?? []).map((organization) => (
                    <Command.Item key={organization.id} value={`organization ${organization.name} ${organization.slug}`} onSelect={() => go(`/organizations/${organization.id}`)}>
                      {organization.name} <span className="muted">{organization.slug}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {(users.data?.users ?? []).length > 0 ? (
                <Command.Group heading={t("palette.users")}>
                  {(users.data?.users ?? []).map((user) => (
                    // The search term is part of the value so cmdk's own filter keeps server results.
                    <Command.Item key={user.id} value={`user ${user.email} ${user.name} ${term}`} onSelect={() => go(`/admin/users/${user.id}`)}>
                      {user.email} <span className="muted">{user.name}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
            </Command.List>
          </Command>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
