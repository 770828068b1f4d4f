-- When a message's last attempt was made, while its outcome is not known (docs/operations.md#photos-delivered):
-- set as the transport is called, cleared when the provider answered that it did not take the message. A server
-- killed after WhatsApp took a message, or an answer lost on the way (a timeout), leaves it set: the message is
-- not sent again before a grace period, for WhatsApp's status notification, which names the message by its key,
-- to settle it. Null: no attempt, or none whose outcome is unknown.
ALTER TABLE delivery_messages ADD COLUMN unsettled_attempt_at timestamptz;
