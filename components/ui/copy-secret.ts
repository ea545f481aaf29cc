// Copies a secret shown once to the clipboard, saying whether it worked (the browser may refuse).
import { toast } from "sonner";

export const copySecret = async (secret: string) => {
  try {
    await navigator.clipboard.writeText(secret);
    toast.success("Copied");
  } catch {
    toast.error("Copying was not allowed — select the secret and copy it yourself.");
  }
};
