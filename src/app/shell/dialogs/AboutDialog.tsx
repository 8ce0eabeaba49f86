import { PageView } from '../../screens/PageScreen';
import { Modal } from '../../../ui/Modal';

/** About (spec 2.5, 2.7): the page named 'about', shown in the generic dialogue. */
export function AboutDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal id="about" title="About" icon="info-circle" onClose={onClose}>
      <PageView name="about" headingLevel={2} />
    </Modal>
  );
}
