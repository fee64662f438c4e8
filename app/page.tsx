// The home page is the dashboard's first list.
import { redirect } from 'next/navigation';

export default function Home() {
  redirect('/pets');
}
