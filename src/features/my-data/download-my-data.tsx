import { useAction } from "convex/react";
import { api } from "@convex/_generated/api";
import { MY_DATA_TEXTS } from "@convex/model/shared/privacy";
import { DownloadButton } from "../../components/download-button";

/** Saves the ZIP the server made under its own name. */
function saveZip(bytes: ArrayBuffer, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // Let the browser start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** `Baixar meus dados`: one ZIP, made at once by the server. */
export function DownloadMyData() {
  const download = useAction(api.myData.download);
  return (
    <div className="my-data__download">
      <p>{MY_DATA_TEXTS.downloadHint}</p>
      <DownloadButton
        label={MY_DATA_TEXTS.download}
        busyLabel={MY_DATA_TEXTS.downloading}
        download={async () => {
          const { bytes, fileName } = await download({});
          saveZip(bytes, fileName);
        }}
      />
    </div>
  );
}
