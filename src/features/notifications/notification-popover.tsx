import { useState } from "react";
import { Popover } from "radix-ui";
import { BellButton } from "./bell-button";
import { NotificationList, type NotificationHref } from "./notification-list";

/** The bell opens the list of notifications below it. */
export default function NotificationPopover({ unread, hrefOf }: { unread: number; hrefOf: NotificationHref }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <BellButton unread={unread} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="notifications" align="end" sideOffset={8} collisionPadding={8} aria-label="Notificações">
          <NotificationList unread={unread} hrefOf={hrefOf} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
