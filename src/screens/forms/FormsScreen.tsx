import { useParams } from 'wouter';
import { FormList } from './FormList';
import { FormWizard } from './FormWizard';

/** Forms: `/forms` lists the questionnaires, `/forms/{id}` answers one. */
export default function FormsScreen() {
  const { id } = useParams<{ id?: string }>();
  return id === undefined ? <FormList /> : <FormWizard key={id} id={id} />;
}
