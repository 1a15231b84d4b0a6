export interface Partner {
  id: string;
  name: string;
  webhookUrl: string | null;
  emailFrom: string | null;
  emailReplyTo: string | null;
  createdAt: string;
}

export interface Terminal {
  id: string;
  partnerId: string;
  name: string;
  createdAt: string;
}
