import { PageView } from '../../screens/PageScreen';
import { Modal } from '../../../ui/Modal';

/** About (in the Settings menu): the page named 'about', shown in the generic dialogue. */
export function AboutDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal id="about" title="About" icon="info-circle" onClose={onClose}>
      <PageView name="about" headingLevel={2} />
    </Modal>
  );
}
