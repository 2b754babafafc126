/**
 * "Create user": email, name, password and role → create-user; the server's message stays inline.
 * The form (zod, react-hook-form) is its own chunk, fetched when the dialog first opens, so the
 * users page loads without it.
 */
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { Loading } from "../../../ui/states";

const CreateUserForm = lazy(() => import("./create-user-form").then((module) => ({ default: module.CreateUserForm })));

export function CreateUserDialog({ onCreated }: { onCreated(userId: string): void }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} onPointerEnter={() => void import("./create-user-form")} onFocus={() => void import("./create-user-form")}>
        {t("create.open")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t("create.title")} description={t("create.description")}>
        {open ? (
          <Suspense fallback={<Loading />}>
            <CreateUserForm
              onCancel={() => setOpen(false)}
              onCreated={(userId) => {
                setOpen(false);
                onCreated(userId);
              }}
            />
          </Suspense>
        ) : null}
      </Dialog>
    </>
  );
}
