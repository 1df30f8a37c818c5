import { CircleCheck, Mail } from 'lucide-react';

/** Status icons of the signed-out screens (named imports keep lucide tree-shaken in the login chunk). */
export const MailIcon = () => <Mail size={36} strokeWidth={1.75} />;
export const ConfirmedIcon = () => <CircleCheck size={36} strokeWidth={1.75} />;
