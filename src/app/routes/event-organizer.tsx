/**
 * What only the event's organizer sees on its page (edit, cancel, the attendee list, the supporters' CSV): one chunk,
 * loaded for them alone, so a visitor's first load carries none of it.
 */
export { CancelEvent } from "../../features/events/cancel/cancel-event";
export { EditEvent } from "../../features/events/form/edit-event";
export { AttendeeList } from "../../features/tickets/attendee-list";
export { DownloadSupportersButton } from "../../features/rewards/download-supporters-button";
export { FeeSettings } from "../../features/fees/fee-settings";
