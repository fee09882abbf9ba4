/**
 * The switch for notifications of new leads on this device, in the inbox's header beside the
 * sign-out. A placeholder: it renders nothing until the notifications work fills it in (with
 * src/inbox/push-client.ts); a notification opens its lead at `/admin/leads#/lead/<id>`
 * (../state.ts leadHash).
 */
export default function NotificationsToggle() {
  return null;
}
