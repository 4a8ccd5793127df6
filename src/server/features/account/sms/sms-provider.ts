/** One text message to one phone. */
export interface SmsMessage {
  phone: string;
  code: string;
  content: string;
}

/** Where SMS codes go: the development outbox, or a real gateway selected by configuration. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}
