// A dashboard record that does not exist (notFound() in its page): the message inside the app frame.
import { NotFoundMessage } from '@/components/not-found-message';

export default function DashboardNotFound() {
  return <NotFoundMessage />;
}
